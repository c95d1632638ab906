// BUILD_SUFFIX lets several builds live side by side (parallel test runs); unset in normal use.
const suffix = process.env.BUILD_SUFFIX ? `-${process.env.BUILD_SUFFIX}` : "";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  serverBuildPath: `build${suffix}/index.js`,
  assetsBuildDirectory: `public/build${suffix}`,
  publicPath: `/build${suffix}/`,
  tailwind: true,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
