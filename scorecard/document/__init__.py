"""The versioned JSON document of an edition: build, parse, validate and serialise."""

SCHEMA_VERSION = "1.0.0"
