// @ts-check
// The game as PGN: the starting FEN, numbered moves, and after each move its distance to mate as a
// comment ({White mates in 14}), from the probe answers the game holds. Copy and download.


const RESULTS = { w: "1-0", b: "0-1" };

function tag(name, value) {
  return `[${name} "${String(value).replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"]`;
}

/** The value after a move in words, from the move's probe entry (the side to move's view). */
function dtmComment(move, mover) {
  if (move.checkmate) return "checkmate";
  if (move.stalemate) return "stalemate, draw";
  if (move.category === "draw") return move.insufficient_material ? "insufficient material, draw" : "draw";
  const winner = move.category === "loss" ? mover : mover === "w" ? "b" : "w";
  return `${winner === "w" ? "White" : "Black"} mates in ${move.mate_in}`;
}

function result(game, over) {
  if (!over) return "*";
  if (over.status === "checkmate") {
    const loser = game.entries[game.ply].position.turn;
    return RESULTS[loser === "w" ? "b" : "w"];
  }
  return "1/2-1/2";
}

/** over: the game's outcome at its current entry (or null). names: {white, black}. */
export function gamePgn(game, over, { site = "", date = new Date(), names, event = "KBN" }) {
  let number = game.entries[0].fullmove || 1;
  const day = `${date.getFullYear()}.${String(date.getMonth() + 1).padStart(2, "0")}.${String(date.getDate()).padStart(2, "0")}`;
  const outcome = result(game, over);
  const headers = [
    tag("Event", `${event} mate trainer`), tag("Site", site), tag("Date", day), tag("Round", "-"),
    tag("White", names.white), tag("Black", names.black), tag("Result", outcome),
    tag("SetUp", "1"), tag("FEN", game.entries[0].fen),
  ];
  const tokens = [];
  game.entries.slice(1, game.ply + 1).forEach((entry, i) => {
    const mover = game.entries[i].position.turn;
    if (mover === "w") tokens.push(`${number}.`);
    else if (i === 0) tokens.push(`${number}...`);
    tokens.push(entry.move.san, `{${dtmComment(entry.move, mover)}}`);
    if (mover === "b") number += 1;
  });
  tokens.push(outcome);
  return `${headers.join("\n")}\n\n${wrap(tokens)}\n`;
}

function wrap(tokens, width = 79) {
  const lines = [];
  let line = "";
  for (const token of tokens) {
    if (line && line.length + 1 + token.length > width) {
      lines.push(line);
      line = token;
    } else line = line ? `${line} ${token}` : token;
  }
  if (line) lines.push(line);
  return lines.join("\n");
}

export function downloadText(text, filename) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/x-chess-pgn" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
