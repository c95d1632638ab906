import { expect } from "vitest";
import { BackendError } from "~/lib/errors";

/**
 * The BackendError a promise is refused with (a status and the sentence the shopper reads);
 * fails the test when it resolves or throws anything else.
 */
export async function refusal(promise: Promise<unknown>): Promise<BackendError> {
  const error = await promise.then(
    () => new Error("expected a refusal"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackendError);
  return error as BackendError;
}
