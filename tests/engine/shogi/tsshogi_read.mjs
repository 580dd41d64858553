// tsshogi's readers (npm, package.json) as an independent oracle for Kiban's KIF, KI2 and
// CSA readers: test_tsshogi_records.py sends every corpus file at once (one node process,
// not one a file), each as the text Kiban's own bytes-to-text step gave, and gets back
// what tsshogi read, field by field, as JSON, its variations (a tree of lines) among
// them. Nothing of Kiban is imported here.
import { readFileSync } from "node:fs";
import {
  Color,
  Move,
  RecordMetadataKey,
  importCSA,
  importKI2,
  importKIF,
} from "tsshogi";

const IMPORTERS = { kif: importKIF, ki2: importKI2, csa: importCSA };

function special(move) {
  if (move instanceof Move) {
    return null;
  }
  return move.type === "any" ? `any:${move.name}` : move.type;
}

// A line of the tree from its first node (a move, or a special move played instead of
// one): its moves, their comments and times, how it ends, and the alternatives to each
// of its moves after its first (those to its first are its parent's), in the order
// tsshogi keeps them. The main line gives the alternatives to its first move too.
function line(first, ownFirst) {
  const nodes = [];
  for (let node = first; node; node = node.next) nodes.push(node);
  const moves = nodes.filter((node) => node.move instanceof Move);
  const last = nodes[nodes.length - 1];
  const ended = last && !(last.move instanceof Move);
  const branches = [];
  for (const node of nodes) {
    if (node === first && !ownFirst) continue;
    for (let other = node.branch; other; other = other.branch) branches.push(line(other, false));
  }
  return {
    ply: first.ply,
    moves: moves.map((node) => node.move.usi),
    comments: moves.map((node) => node.comment),
    times: moves.map((node) => node.elapsedMs),
    turn: ended ? (last.nextColor === Color.BLACK ? 0 : 1) : null,
    ending: ended ? special(last.move) : null,
    endingMs: ended ? last.elapsedMs : 0,
    closing: ended ? last.comment : "",
    branches,
  };
}

function read(format, text) {
  const record = IMPORTERS[format](text);
  if (record instanceof Error) {
    return { error: record.message };
  }
  const nodes = record.moves; // the main line: the start, the moves, a special move last
  const moves = nodes.filter((node) => node.move instanceof Move);
  const last = nodes[nodes.length - 1];
  const meta = (key) => record.metadata.getStandardMetadata(key) ?? "";
  record.goto(moves.length);
  return {
    start: record.initialPosition.sfen,
    moves: moves.map((node) => node.move.usi),
    turn: record.position.color === Color.BLACK ? 0 : 1,
    ending: nodes.length > 1 ? special(last.move) : null,
    endingMs: nodes.length > 1 && !(last.move instanceof Move) ? last.elapsedMs : 0,
    closing: nodes.length > 1 && !(last.move instanceof Move) ? last.comment : "",
    times: moves.map((node) => node.elapsedMs),
    comments: moves.map((node) => node.comment),
    header: nodes[0].comment,
    players: [
      meta(RecordMetadataKey.BLACK_NAME) || meta(RecordMetadataKey.SHITATE_NAME),
      meta(RecordMetadataKey.WHITE_NAME) || meta(RecordMetadataKey.UWATE_NAME),
    ],
    event: meta(RecordMetadataKey.TOURNAMENT),
    title: meta(RecordMetadataKey.TITLE),
    started: meta(RecordMetadataKey.START_DATETIME),
    timeLimit: meta(RecordMetadataKey.TIME_LIMIT),
    branches: record.first.next ? line(record.first.next, true).branches : [],
  };
}

const files = JSON.parse(readFileSync(0, "utf-8"));
const answers = {};
for (const { name, format, text } of files) {
  try {
    answers[name] = read(format, text);
  } catch (error) {
    answers[name] = { error: `thrown: ${error.message}` };
  }
}
process.stdout.write(JSON.stringify(answers));
