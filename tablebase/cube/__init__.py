"""The 3D tools: the lab (``lab``: everything the lab page shows of one position), the pieces of a
board as the pages key them (``pieces``), a game's record (``record``), and the 3D endgame tables
(``endgames``: White's king and one or two of Q R B N against a lone king on the n*n*n board).

Public API::

    lab.position_report(CubePosition, turn) -> dict          # status, pieces, problems, attacks, moves
    endgames.from_board(CubePosition, turn) -> TablePosition  # a board of a table's material
    endgames.probe(store.table, position) -> dict             # its value and every move's
    endgames.summary(table_file), endgames.explain(material, n, summary)
    endgames.ALL_MATERIALS                                    # the 14 materials of one or two men

A board of the lab, as the board text, and what the lab says of it:

>>> from tablebase.core.cube_notation import CubePosition
>>> from tablebase.cube.lab import position_report
>>> board = CubePosition.parse("[k##,###,###],[###,###,###],[###,#Q#,##K]")
>>> report = position_report(board, "w")
>>> report["pieces"], report["check"], report["problems"]
({'0,0,0': 'bK', '1,1,2': 'wQ', '2,2,2': 'wK'}, False, [])

The same board probed in KQK's table on 3x3x3, built here and now (in a twentieth of a second):
White mates in 1.

>>> import shutil, tempfile
>>> from tablebase.cube import endgames
>>> from tablebase.tables import TableId, TableStore
>>> store = TableStore(tempfile.mkdtemp(), background=False)
>>> built = store.build_now(TableId.cube("KQK", 3))
>>> answer = endgames.probe(store.table, endgames.from_board(board, "w"))
>>> answer["category"], answer["mate_in"], answer["moves"][0]["notation"]
('win', 1, 'Qb2(I)-b2(II)#')
>>> endgames.explain("KQK", 3, store.table(TableId.cube("KQK", 3)).summary)[0]
'White wins from every position, in at most 1 move.'
>>> shutil.rmtree(store.folder)
"""
