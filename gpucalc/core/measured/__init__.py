"""Measured and calibration.

Engine logs compared with the plan, request-length records and statistics, and the calibration
fit.
"""
