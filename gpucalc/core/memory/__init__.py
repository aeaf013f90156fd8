"""Model and memory.

Parameters, weights, activations, KV and layer state, the engine settings and the memory plan of
one GPU.
"""
