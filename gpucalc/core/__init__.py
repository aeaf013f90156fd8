"""Pure computation core: pydantic inputs in, frozen results out; no Qt, no file I/O."""
