"""The engine's search: iterative deepening alpha-beta (negamax) with a transposition table keyed
by the board's Zobrist hash, moves ordered (the table's move, captures by the most valuable victim
and least valuable attacker, killers, history), a check extension, a quiescence search on captures
(all moves while in check, so that a mate at the horizon is seen) and mate scores.

A search stops at its deadline (``time.monotonic()``) wherever it is: the last depth it finished
answers, or the part of the next one that searched the previous best move and found better.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .board import Move, SearchBoard

MATE = 1_000_000  # the score of a side that mates now; a mate n plies away scores MATE - n
MATE_BOUND = MATE - 1000  # scores past it are mates
INFINITE = MATE + 1
EXACT, LOWER, UPPER = 0, 1, 2  # what a table entry's score is: the value, at least it, at most it
TABLE_ENTRIES = 200_000  # the transposition table is emptied past this many
QUIESCENCE_PLIES = 8  # captures followed at most this deep past the horizon
CHECK_PLIES = 2  # of those, the first plies where a side in check tries every move
TICK = 15  # nodes between looks at the clock (a mask): a node may take a millisecond on a crowded board


class OutOfTime(Exception):
    """The search's deadline passed."""


@dataclass(frozen=True)
class Result:
    move: Move | None
    score: int  # centipawns for the side to move, or a mate score (``MATE - plies``)
    depth: int  # plies searched in full
    nodes: int


def mate_plies(score: int) -> int | None:
    """Plies to the mate a score means (negative: the side to move is mated), or None."""
    if score >= MATE_BOUND:
        return MATE - score
    if score <= -MATE_BOUND:
        return -(MATE + score)
    return None


class Search:
    def __init__(self, board: SearchBoard, deadline: float):
        self.board, self.deadline = board, deadline
        self.nodes = 0
        self.table: dict[int, tuple] = {}
        self.killers: dict[int, list[Move]] = {}
        self.history: dict[Move, int] = {}
        self.path: list[int] = []  # the hashes of the positions on the way here (a repetition draws)

    def tick(self) -> None:
        self.nodes += 1
        if not self.nodes & TICK and time.monotonic() > self.deadline:
            raise OutOfTime

    # --- iterative deepening ----------------------------------------------------------------

    def run(self, moves: list[Move], max_depth: int = 64, finish: float | None = None) -> Result:
        """The best of the legal ``moves`` found by deepening until the deadline, ``max_depth``, a
        proven mate, or ``finish`` (a time past which no new depth starts)."""
        moves = self.ordered(moves, None, 0)  # the best capture answers if not even one depth is searched
        best = Result(moves[0], 0, 0, 0)
        for depth in range(1, max_depth + 1):
            self.partial = None
            try:
                score, move = self._root(depth, moves, best.move)
            except OutOfTime:
                if self.partial is not None:
                    best = Result(self.partial[1], self.partial[0], depth - 1, self.nodes)
                break
            best = Result(move, score, depth, self.nodes)
            plies = mate_plies(score)
            if plies is not None and abs(plies) <= depth:
                break  # a mate proven within the plies searched: no deeper search changes it
            if finish is not None and time.monotonic() > finish:
                break
        return Result(best.move, best.score, best.depth, self.nodes)

    def _root(self, depth: int, moves: list[Move], first: Move) -> tuple[int, Move]:
        board = self.board
        ordered = [first] + [m for m in self.ordered(moves, None, 0) if m != first]
        alpha, best_move = -INFINITE, first
        self.path.append(board.hash)
        try:
            for move in ordered:
                taken = board.make(move)
                try:
                    score = -self.negamax(depth - 1, -INFINITE, -alpha, 1)
                finally:
                    board.unmake(move, taken)
                if score > alpha:
                    alpha, best_move = score, move
                    self.partial = (alpha, best_move)
        finally:
            self.path.pop()
        return alpha, best_move

    # --- the tree ---------------------------------------------------------------------------

    def negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.tick()
        board = self.board
        key = board.hash
        if key in self.path or board.only_kings():
            return 0
        in_check = board.in_check()
        if in_check and ply < 32:
            depth += 1
        if depth <= 0:
            return self.quiesce(alpha, beta, ply, 0, in_check)
        entry = self.table.get(key)
        hinted = None
        if entry is not None:
            hinted = entry[3]
            if entry[0] >= depth:
                score, flag = from_table(entry[1], ply), entry[2]
                if flag == EXACT or (flag == LOWER and score >= beta) or (flag == UPPER and score <= alpha):
                    return score
        start_alpha, best, best_move, legal = alpha, -INFINITE, None, 0
        mover = board.turn
        king, lines = board.exposed(in_check)
        self.path.append(key)
        try:
            for move in self.ordered(board.moves(), hinted, ply):
                tried = lines is None or move[0] == king or move[0] in lines  # it might expose the king
                taken = board.make(move)
                try:
                    if tried and board.attacked(mover):
                        continue
                    legal += 1
                    score = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
                finally:
                    board.unmake(move, taken)
                if score > best:
                    best, best_move = score, move
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            if taken is None:
                                self._remember(move, ply, depth)
                            break
        finally:
            self.path.pop()
        if not legal:
            return -MATE + ply if in_check else 0
        flag = UPPER if best <= start_alpha else LOWER if best >= beta else EXACT
        if len(self.table) > TABLE_ENTRIES:
            self.table.clear()
        self.table[key] = (depth, to_table(best, ply), flag, best_move)
        return best

    def quiesce(self, alpha: int, beta: int, ply: int, plies: int, checked: bool | None = None) -> int:
        """Captures until the position is quiet; every move while in check (``checked``, asked
        when None) in the first plies."""
        self.tick()
        board = self.board
        in_check = plies < CHECK_PLIES and (board.in_check() if checked is None else checked)
        if in_check:
            best, moves = -INFINITE, self.ordered(board.moves(), None, ply)
        else:
            best = board.evaluate()
            if best >= beta or plies >= QUIESCENCE_PLIES:
                return best
            alpha = max(alpha, best)
            moves = self.ordered(board.captures(), None, ply)
        mover = board.turn
        king, lines = board.exposed(in_check) if moves else (None, set())
        for move in moves:
            tried = lines is None or move[0] == king or move[0] in lines
            taken = board.make(move)
            try:
                if tried and board.attacked(mover):
                    continue
                score = -self.quiesce(-beta, -alpha, ply + 1, plies + 1)
            finally:
                board.unmake(move, taken)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        if best == -INFINITE:  # in check, and no move: mated
            return -MATE + ply
        return best

    # --- ordering ---------------------------------------------------------------------------

    def ordered(self, moves: list[Move], hinted: Move | None, ply: int) -> list[Move]:
        """The table's move, captures (the most valuable victim first, then the least valuable
        attacker), this ply's killers, then by history."""
        cells, values = self.board.cells, self.board.values
        killers = self.killers.get(ply, ())
        history = self.history

        def key(move: Move) -> int:
            if move == hinted:
                return -(1 << 40)
            taken = cells[move[1]]
            if taken is not None:
                return -(1 << 30) - values[taken.kind] * 64 + values[cells[move[0]].kind] // 64
            if move in killers:
                return -(1 << 20)
            return -history.get(move, 0)

        return sorted(moves, key=key)

    def _remember(self, move: Move, ply: int, depth: int) -> None:
        """A quiet move that cut the search off: a killer at this ply, and its history grows."""
        killers = self.killers.setdefault(ply, [])
        if move not in killers:
            killers.insert(0, move)
            del killers[2:]
        self.history[move] = self.history.get(move, 0) + depth * depth


def to_table(score: int, ply: int) -> int:
    """A mate score as counted from the position (the table's), not from the root."""
    return score + ply if score >= MATE_BOUND else score - ply if score <= -MATE_BOUND else score


def from_table(score: int, ply: int) -> int:
    return score - ply if score >= MATE_BOUND else score + ply if score <= -MATE_BOUND else score

