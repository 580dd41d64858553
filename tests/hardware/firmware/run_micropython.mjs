// Runs Python under MicroPython's WebAssembly port (npm: @micropython/micropython-webassembly-pyscript).
// stdin: JSON {"module": path of micropython.mjs, "files": {name: text}, "code": text}.
// The files go to MicroPython's root folder (on its sys.path); the code runs; what it
// prints comes out on stdout. A Python exception goes to stderr, with exit status 1.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const job = JSON.parse(readFileSync(0, "utf8"));
const { loadMicroPython } = await import(pathToFileURL(job.module).href);
const printed = [];
const mp = await loadMicroPython({
  stdout: (line) => printed.push(line),
  stderr: (line) => process.stderr.write(line + "\n"),
});
for (const [name, text] of Object.entries(job.files)) {
  mp.FS.writeFile("/" + name, text);
}
try {
  mp.runPython(job.code);
} catch (error) {
  process.stdout.write(printed.join("\n") + "\n");
  process.stderr.write(String(error) + "\n");
  process.exit(1);
}
process.stdout.write(printed.join("\n") + "\n");
