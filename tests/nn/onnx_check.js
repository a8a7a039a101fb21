// onnx_check.js — runs an ONNX model with onnxruntime-node (a runtime independent of
// LibTorch) for the nn export test. Reads raw little-endian float32 planes, writes the
// raw float32 outputs.
// Usage: node onnx_check.js MODEL INPUT.bin N C H W POLICY_OUT.bin WDL_OUT.bin
const fs = require('fs');
const ort = require('onnxruntime-node');

async function main() {
  const [model, input, n, c, h, w, policyOut, wdlOut] = process.argv.slice(2);
  const bytes = fs.readFileSync(input);
  const planes = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  const session = await ort.InferenceSession.create(model);
  const shape = [n, c, h, w].map(Number);
  const out = await session.run({ planes: new ort.Tensor('float32', planes, shape) });
  fs.writeFileSync(policyOut, Buffer.from(out.policy.data.buffer, out.policy.data.byteOffset, out.policy.data.byteLength));
  fs.writeFileSync(wdlOut, Buffer.from(out.wdl.data.buffer, out.wdl.data.byteOffset, out.wdl.data.byteLength));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
