"""Speed and accuracy benchmarks quoted in the README."""
