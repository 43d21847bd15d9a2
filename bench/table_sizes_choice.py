"""The choice bench/bench_table_sizes.py reports first: each codec and block size tried on the
stream a table build compresses, and the fills of the entries no probe reads."""

from __future__ import annotations

from pathlib import Path


def cpu(run, times: int = 3) -> float:
    """The least CPU time ``run`` took in ``times`` runs."""
    import time

    best = float("inf")
    for _ in range(times):
        started = time.process_time()
        run()
        best = min(best, time.process_time() - started)
    return best


def _codecs() -> dict:
    """Each codec tried: its name -> (compress, decompress) of bytes."""
    import lzma
    import zlib

    import zstandard

    def deflate(level: int):
        def run(raw):
            packer = zlib.compressobj(level, zlib.DEFLATED, -15)
            return packer.compress(raw) + packer.flush()
        return run, lambda data: zlib.decompress(data, -15)

    xz = [{"id": lzma.FILTER_LZMA2, "preset": 6}]
    codecs = {f"zstd {level}": (zstandard.ZstdCompressor(level=level).compress, zstandard.ZstdDecompressor().decompress)
              for level in (1, 3, 6)}
    codecs.update({f"zlib {level}": deflate(level) for level in (1, 6, 9)})
    codecs["lzma 6"] = (lambda raw: lzma.compress(raw, format=lzma.FORMAT_RAW, filters=xz),
                        lambda data: lzma.decompress(data, format=lzma.FORMAT_RAW, filters=xz))
    return codecs


def _slices(table, entries, layout) -> list:
    """(entries, legal, twin) of each White king's slice of ``table``."""
    import numpy as np

    from tablebase.retrograde.masks import white_to_move

    size, kings = layout.slice, len(table.board.kings)
    slices = []
    for k in range(kings):
        legal = white_to_move(table.space, [k]).reshape(-1)
        twin = np.broadcast_to(layout.twins(k), (size // layout.cubes, layout.cubes)).reshape(-1)
        slices.append((entries[k * size:(k + 1) * size], legal, twin))
    return slices


def _stream(layout, slices, keep, times: int = 1):
    """The stream compressed in blocks ``times`` as large as a build's, the entries not kept
    filled (the cube: each block of whole rows transposed)."""
    import numpy as np

    from tablebase.tables.blocks import filled

    if not layout.tile_rows:
        values = [(layout.to_stored(v), layout.to_stored(keep(legal, twin))) for v, legal, twin in slices]
        return filled(np.concatenate([v for v, _ in values]), np.concatenate([c for _, c in values]))
    values = np.concatenate([v for v, _, _ in slices])
    kept = np.concatenate([keep(legal, twin) for _, legal, twin in slices])
    rows = layout.tile_rows * times
    whole = values.size - values.size % (rows * layout.cubes)

    def tiles(array):
        return np.concatenate([array[:whole].reshape(-1, rows, layout.cubes).transpose(0, 2, 1).reshape(-1),
                               array[whole:].reshape(-1, layout.cubes).T.reshape(-1)])
    return filled(tiles(values), tiles(kept))


def choice(directory: Path) -> dict:
    """Each codec and block size on the stream a build compresses, and the fills; returns them,
    ``{table: {"entries", "codecs": {"zstd 3 4096": [bytes, compress s, decode s a block]}, "fills": {fill: bytes}}}``."""
    import numpy as np

    from tablebase.tables import Limits, TableId, TableStore
    from tablebase.tables.layout import layout_of

    codecs = _codecs()
    store = TableStore(directory / "choice", Limits.everything(), background=False)
    print("0. the choice: each codec and block size on the stream a build compresses (CPU: best of 3)")
    found: dict = {}
    for table in (TableId.chess("KBNK"), TableId.cube("KQRK", 5)):
        entries = store.build_now(table).read_all()
        layout = layout_of(table)
        slices = _slices(table, entries, layout)
        fills = {"don't care filled": lambda: _stream(layout, slices, lambda legal, twin: legal & ~twin),
                 "illegal left 0, twins filled": lambda: _stream(layout, slices, lambda legal, twin: ~twin | ~legal),
                 "nothing filled": lambda: _stream(layout, slices, lambda legal, twin: np.ones_like(legal))}
        name = table.material.name + ("" if table.dim == 2 else f" {table.size_name}")
        print(f"{name}: {entries.size:,} entries, {layout.block_entries} per block")
        measured = found[name] = {"entries": int(entries.size), "block": layout.block_entries, "codecs": {}, "fills": {}}
        for codec, (pack, unpack) in codecs.items():
            for blocks in ((1, 4) if codec != "lzma 6" else (4,)):
                step = layout.block_entries * blocks
                data = _stream(layout, slices, lambda legal, twin: legal & ~twin, blocks)
                parts = [data[i:i + step].tobytes() for i in range(0, data.size, step)]
                packed = [pack(p) for p in parts]
                took = cpu(lambda: [pack(p) for p in parts], 1 if codec == "lzma 6" else 3)
                sample = packed[::max(1, len(packed) // 200)]
                decode = cpu(lambda: [unpack(p) for p in sample]) / len(sample)
                print(f"  {codec:<7} blocks of {step:>6}: {sum(map(len, packed)):>10,} bytes, "
                      f"compress {took * 1e3:7.1f} ms, decode {decode * 1e6:6.1f} us a block", flush=True)
                measured["codecs"][f"{codec} {step}"] = [sum(map(len, packed)), took, decode]
        pack = codecs["zstd 3"][0]
        for fill, make in fills.items():
            data = make()
            total = sum(len(pack(data[i:i + layout.block_entries].tobytes()))
                        for i in range(0, data.size, layout.block_entries))
            print(f"  zstd 3, {fill}: {total:,} bytes")
            measured["fills"][fill] = total
    return found
