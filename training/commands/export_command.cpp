// export_command.cpp — `bughouse export`: write a checkpoint's network for engine authors
// as a TorchScript archive, an ONNX model or the plain weight file (nn/SPEC.md "Files").
#include <iostream>
#include <memory>
#include <string>

#include "nn/export.h"
#include "training/commands/commands.h"

namespace bh::cli {

namespace {

struct ExportOptions {
  std::string checkpoint;
  std::string format;
  std::string out;
  std::string python = "/usr/bin/python3";
};

}  // namespace

void add_export_command(CLI::App& app) {
  auto o = std::make_shared<ExportOptions>();
  CLI::App* cmd = app.add_subcommand(
      "export", "Write a checkpoint's network for engines: TorchScript, ONNX or the plain weight file "
                "read by the Eigen reference forward pass (nn/SPEC.md)");
  cmd->add_option("--checkpoint", o->checkpoint, "Checkpoint file")->required()->check(CLI::ExistingFile);
  cmd->add_option("--format", o->format, "torchscript, onnx or weights")
      ->required()
      ->check(CLI::IsMember({"torchscript", "onnx", "weights"}));
  cmd->add_option("--out", o->out, "Output file (replaced atomically)")->required();
  cmd->add_option("--python", o->python, "Python with torch, for --format onnx (Debian: python3-torch)")
      ->capture_default_str();
  cmd->callback([o] {
    OnnxOptions onnx;
    onnx.python = o->python;
    export_checkpoint(o->checkpoint, parse_export_format(o->format), o->out, onnx);
    std::cout << "wrote " << o->format << " export of " << o->checkpoint << " to " << o->out << std::endl;
  });
}

}  // namespace bh::cli
