"""Importers and exporters: Hugging Face configs, safetensors headers, reports."""
