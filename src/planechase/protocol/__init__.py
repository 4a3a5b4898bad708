"""The JSON-lines engine protocol (``planechase engine``): bots and front ends in any language drive
the engine over standard input and output, one JSON object per line each way. See docs/protocol.md.

>>> from planechase.protocol import Session
>>> Session().handle({"cmd": "hello"})["protocol"]
'planechase-engine/1'
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from .messages import (
    COMMANDS,
    MAX_LINE_BYTES,
    PROTOCOL,
    PROTOCOL_NAME,
    PROTOCOL_VERSION,
    ErrorCode,
    ProtocolError,
    Request,
    Session,
    decode_line,
    encode_reply,
    parse_request,
)


def load_schema() -> dict[str, Any]:
    """The protocol's JSON Schema (draft 2020-12), shipped as package data: ``$defs/request`` and
    ``$defs/reply`` describe the two directions."""
    text = resources.files(__package__).joinpath("schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


__all__ = [
    "COMMANDS",
    "MAX_LINE_BYTES",
    "PROTOCOL",
    "PROTOCOL_NAME",
    "PROTOCOL_VERSION",
    "ErrorCode",
    "ProtocolError",
    "Request",
    "Session",
    "decode_line",
    "encode_reply",
    "load_schema",
    "parse_request",
]
