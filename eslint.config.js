import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

export default tseslint.config(
  { ignores: ["build/**", "build-*/**", "public/build/**", "public/build-*/**", "test-results-*/**", "node_modules/**", "test-results/**", "playwright-report/**", "tests/.tmp/**", ".cache/**"] },
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // Issue 46 item 2: the store's lines go through its logger (app/observability/log.server.ts:
  // JSON, a request id, secrets redacted), never console.* (docs/decisions/1000-structured-logs.md).
  {
    files: ["app/**"],
    rules: {
      "no-console": "error",
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.object.name='process'][object.property.name=/^std(out|err)$/][property.name='write']",
          message: "Log through app/observability/log.server.ts (issue 46 item 2), not process.stdout/stderr.",
        },
      ],
    },
  },
);
