"""Published measurements gpucalc is checked against, mapped onto planner inputs."""
