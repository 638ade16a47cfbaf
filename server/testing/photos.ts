import sharp from "sharp";

/**
 * A phone camera's photo for the tests and the upload bench (issue 56): 4000 × 3000, about 5 MB, with detail enough
 * that it does not shrink to nothing (a smooth scene with a fine grain, as a real photo has).
 */
export async function cameraPhoto(): Promise<Buffer> {
  const scene = await sharp({
    create: {
      width: 300,
      height: 225,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const grain = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 2 },
    },
  })
    .png()
    .toBuffer();
  return sharp(scene)
    .resize(4000, 3000, { kernel: "cubic" })
    .composite([{ input: grain, blend: "overlay" }])
    .jpeg({ quality: 98 })
    .toBuffer();
}
