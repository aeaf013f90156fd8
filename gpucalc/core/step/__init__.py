"""The step.

One engine step's time on measured kernels, the scalar and array namespaces, prefix caching and
speculative verification.
"""
