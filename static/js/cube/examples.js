// The ten test positions of the 3D checkmate seed, with the answer the seed gives for each.
export const SEED_EXAMPLES = [
  { board: "[###,n##,#rr],[#b#,###,###],[###,###,bRK]", answer: "checkmate", note: "rook check, every flight square guarded" },
  { board: "[b#b,###,###],[###,###,RNR],[#q#,###,#K#]", answer: "check", note: "the knight can take the queen" },
  { board: "[#q#,#b#,###],[n##,###,###],[#k#,###,#KB]", answer: "check", note: "the bishop can block" },
  { board: "[####,####,r###,####],[####,#q##,####,####],[##r#,###b,####,BRnn],[####,####,#N##,#KQ#]", answer: "checkmate", note: "double check on 4x4x4" },
  { board: "[###,##b,r#r],[###,###,###],[#k#,###,#K#]", answer: "stalemate", note: "no safe move, not in check" },
  { board: "[##k,###,r#K],[###,n##,#N#],[###,###,#Q#]", answer: "checkmate", note: "the knight blocks the queen" },
  { board: "[###,###,##q],[###,###,###],[#k#,###,rNK]", answer: "checkmate", note: "the knight is pinned" },
  { board: "[#q,##],[##,K#]", answer: "check", note: "the king takes the queen" },
  { board: "[rq,##],[##,K#]", answer: "checkmate", note: "the rook guards the queen" },
  { board: "[###,###,#q#],[###,###,###],[#k#,###,BKn]", answer: "check", note: "the king takes the knight" },
];
