"""Leaves every domain uses.

Explained terms and notices, errors, translation marks, units, memoisation and the bounded
least-squares fit.
"""
