"""What a plan is made of.

Model, GPU, engine, precision, network and price specs, the validated inputs (deployment,
workload, targets), scenarios, presets and the measured kernel tables.
"""
