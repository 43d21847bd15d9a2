"""The tests, a package so that every folder's modules import the shared helpers as
``tests.helpers.<name>`` (no path entries): pytest puts the checkout, the folder above this
package, on ``sys.path``. Each folder mirrors a package of the code (app: webapp; retrograde,
tables, core, mates, cube, moves, solitaire, cli: tablebase's); js holds the node tests."""
