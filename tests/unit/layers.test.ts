import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * One direction through the house (issue 10 item 6; docs/decisions/0510-layers.md): every import
 * under app/ points down the layers below, never up and never sideways into a sibling folder.
 * Type-only imports count too: a type is a dependency on the module that owns it.
 */

/** The layers from top to ground; folders on one line are siblings that may not import each other. */
const LAYERS: readonly (readonly string[])[] = [
  ["routes"], // with app/root.tsx and app/entry.*.tsx (root.tsx is the root route)
  ["components"],
  ["utils"],
  ["backend"],
  ["services"],
  ["payments", "db"],
  ["config", "http"],
  ["observability"], // the logger, request context and metrics registry (issue 46): everyone logs
  ["lib", "i18n"],
  ["schemas"],
  ["constants", "content"],
];

const APP = path.resolve("app");

function layerOf(folder: string): number {
  return LAYERS.findIndex((layer) => layer.includes(folder));
}

/** The folder of a path under app/: its first segment; files directly in app/ belong to routes. */
function folderOf(appRelative: string): string {
  const segments = appRelative.split(path.sep);
  return segments.length === 1 ? "routes" : segments[0];
}

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.d\.ts$|\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The app-relative path an import specifier points at, or null for a package or node: module. */
function target(fromFile: string, specifier: string): string | null {
  if (specifier.startsWith("~/")) return path.normalize(specifier.slice(2));
  if (specifier.startsWith(".")) return path.relative(APP, path.resolve(path.dirname(fromFile), specifier));
  return null;
}

type Import = { file: string; specifier: string; from: string; to: string };

function appImports(): Import[] {
  return sourceFiles(APP).flatMap((file) => {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    return importedFiles.flatMap(({ fileName: specifier }) => {
      const to = target(file, specifier);
      if (to === null) return [];
      return [{ file: path.relative(process.cwd(), file), specifier, from: folderOf(path.relative(APP, file)), to: folderOf(to) }];
    });
  });
}

/** Why an import breaks the layers, or null when it points down (or within its own folder). */
function violation({ from, to }: Import): string | null {
  if (from === to) return null;
  const fromLayer = layerOf(from);
  const toLayer = layerOf(to);
  if (toLayer > fromLayer) return null;
  if (toLayer === fromLayer) return `${from} may not import its sibling ${to}`;
  return `${from} may not import ${to}, a layer above it`;
}

describe("the import graph runs one way (docs/decisions/0510-layers.md)", () => {
  const imports = appImports();

  it("finds the app's imports", () => {
    expect(imports.length).toBeGreaterThan(100);
  });

  it("gives every folder of app/ a layer", () => {
    const folders = new Set(imports.flatMap(({ from, to }) => [from, to]));
    for (const entry of fs.readdirSync(APP, { withFileTypes: true })) if (entry.isDirectory()) folders.add(entry.name);
    const unplaced = [...folders].filter((folder) => layerOf(folder) === -1);
    expect(unplaced, "add these folders to LAYERS and to docs/decisions/0510-layers.md").toEqual([]);
  });

  it("has no import that points up or sideways", () => {
    const violations = imports.flatMap((entry) => {
      const why = violation(entry);
      return why ? [`${entry.file} imports "${entry.specifier}": ${why}`] : [];
    });
    expect(violations, `imports against the layers:\n  ${violations.join("\n  ")}\n`).toEqual([]);
  });

  it("reaches the store through one door: no route, util or component imports services or the database (docs/decisions/0680)", () => {
    const around = imports.filter(({ from, to }) => ["routes", "utils", "components"].includes(from) && (to === "services" || to === "db"));
    expect(around.map(({ file, specifier }) => `${file} imports "${specifier}"`), "use getBackend() (its `own` features and `capabilities`)").toEqual([]);
  });
});
