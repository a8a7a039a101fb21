#!/usr/bin/python3
"""Converts the bughouse network's TorchScript export to ONNX (nn/SPEC.md "ONNX").

Usage: export_onnx.py IN.pt OUT.onnx OPSET
Called by `bughouse export --format onnx`; needs Debian's python3-torch (no project code).
The encoding version and the network config travel from the archive's bughouse.txt into
the ONNX model's metadata_props.
"""
import sys

import torch


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def metadata_entry(key, value):
    # ModelProto.metadata_props (field 14) of StringStringEntryProto {key = 1, value = 2}.
    # Protobuf merges repeated fields appended at the end, so no onnx package is needed.
    k, v = key.encode(), value.encode()
    entry = b"\x0a" + varint(len(k)) + k + b"\x12" + varint(len(v)) + v
    return b"\x72" + varint(len(entry)) + entry


def main():
    src, dst, opset = sys.argv[1], sys.argv[2], int(sys.argv[3])
    extra = {"bughouse.txt": ""}
    model = torch.jit.load(src, _extra_files=extra)
    info = dict(line.split("=", 1) for line in extra["bughouse.txt"].decode().splitlines() if "=" in line)
    shape = (2, int(info["input_planes"]), int(info["input_height"]), int(info["input_width"]))
    torch.onnx.export(model, (torch.zeros(shape),), dst, opset_version=opset,
                      input_names=["planes"], output_names=["policy", "wdl"],
                      dynamic_axes={"planes": {0: "batch"}, "policy": {0: "batch"}, "wdl": {0: "batch"}})
    with open(dst, "ab") as f:
        for key, value in sorted(info.items()):
            f.write(metadata_entry("bughouse." + key, value))


if __name__ == "__main__":
    main()
