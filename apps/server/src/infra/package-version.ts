import pkg from "../../package.json" with { type: "json" };

/** apps/server/package.json's version, inlined by the build so dist/ needs no file beside it. */
export const PACKAGE_VERSION: string = pkg.version;
