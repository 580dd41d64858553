"""Recognition: how the settled board, and the order and pace of the hands that made it,
become moves, prompts and corrections (docs/architecture.md, "Recognition").

The recognizer (``recognizer``) judges what the board keeps of the hands (``seeing``,
``touches``, ``standing``), the moves read at once (``overlap``, ``open_moves``), the
record read again (``rereading``), and the timings it trusts come from the board's
sensor model (``sensors``).
"""
