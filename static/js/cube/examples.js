// @ts-check
// The ten example positions of the 3D lab (is White checkmated?), with their size and the answer.
import { N_ } from "../shared/i18n.js";

export const EXAMPLES = [
  { board: "[###,n##,#rr],[#b#,###,###],[###,###,bRK]", n: 3, answer: "checkmate", note: N_("rook check, every flight square guarded") },
  { board: "[b#b,###,###],[###,###,RNR],[#q#,###,#K#]", n: 3, answer: "check", note: N_("the knight can take the queen") },
  { board: "[#q#,#b#,###],[n##,###,###],[#k#,###,#KB]", n: 3, answer: "check", note: N_("the bishop can block") },
  { board: "[####,####,r###,####],[####,#q##,####,####],[##r#,###b,####,BRnn],[####,####,#N##,#KQ#]", n: 4, answer: "checkmate", note: N_("double check on 4x4x4") },
  { board: "[###,##b,r#r],[###,###,###],[#k#,###,#K#]", n: 3, answer: "stalemate", note: N_("no safe move, not in check") },
  { board: "[##k,###,r#K],[###,n##,#N#],[###,###,#Q#]", n: 3, answer: "checkmate", note: N_("the knight blocks the queen") },
  { board: "[###,###,##q],[###,###,###],[#k#,###,rNK]", n: 3, answer: "checkmate", note: N_("the knight is pinned") },
  { board: "[#q,##],[##,K#]", n: 2, answer: "check", note: N_("the king takes the queen") },
  { board: "[rq,##],[##,K#]", n: 2, answer: "checkmate", note: N_("the rook guards the queen") },
  { board: "[###,###,#q#],[###,###,###],[#k#,###,BKn]", n: 3, answer: "check", note: N_("the king takes the knight") },
];
