"""Every engine input declared once, and the tables read from that declaration.

A layer of its own between the core and everything that reads or writes an engine's words
(``io`` reads start-up logs, ``plan`` pasted commands and launch lines, ``cli`` its arguments):
the core's schema holds what a field is (type, bounds, default), :mod:`gpucalc.engines.vocabulary`
what it is called — gpucalc's own flags and each engine's flags, log keys and conversions.
"""
