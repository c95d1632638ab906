import {
  Form as RemixForm,
  Link as RemixLink,
  NavLink as RemixNavLink,
  useNavigate as useRemixNavigate,
  useSubmit as useRemixSubmit,
  type FormProps,
  type LinkProps,
  type NavLinkProps,
  type SubmitFunction,
} from "@remix-run/react";
import { forwardRef, useCallback } from "react";
import { pathIn } from "~/i18n/language";
import { useT } from "~/i18n/use-t";

/*
 * Remix's Link, NavLink and Form that keep the page's language (issue 27 item 1;
 * docs/decisions/0850): on a Hindi page a store path ("/cart") becomes its Hindi twin ("/hi/cart");
 * the Store API, the back office and files keep their one address (i18n/language.ts `pathIn`).
 * Storefront code imports these (and useNavigate, useSubmit) instead of Remix's, so no link, form or
 * script has to remember the language.
 */

/** Remix's `<Link>`, its string `to` in the page's language. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...props }, ref) {
  const { localPath } = useT();
  return <RemixLink ref={ref} to={typeof to === "string" ? localPath(to) : to} {...props} />;
});

/** Remix's `<NavLink>`, its string `to` in the page's language. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ to, ...props }, ref) {
  const { localPath } = useT();
  return <RemixNavLink ref={ref} to={typeof to === "string" ? localPath(to) : to} {...props} />;
});

/** Remix's `<Form>`, its `action` in the page's language (none: the page itself, as in Remix). */
export const Form = forwardRef<HTMLFormElement, FormProps>(function Form({ action, ...props }, ref) {
  const { localPath } = useT();
  return <RemixForm ref={ref} action={action === undefined ? undefined : localPath(action)} {...props} />;
});

/** Remix's `useNavigate`, a string target in the page's language (a number goes back or forward). */
export function useNavigate(): (to: string | number, options?: { replace?: boolean; preventScrollReset?: boolean }) => void {
  const navigate = useRemixNavigate();
  const { language } = useT();
  return useCallback(
    (to: string | number, options?: { replace?: boolean; preventScrollReset?: boolean }) =>
      typeof to === "number" ? navigate(to) : navigate(pathIn(to, language), options),
    [navigate, language],
  );
}

/** Remix's `useSubmit`, its `action` in the page's language. */
export function useSubmit(): SubmitFunction {
  const submit = useRemixSubmit();
  const { language } = useT();
  return useCallback<SubmitFunction>(
    (target, options) => submit(target, options?.action === undefined ? options : { ...options, action: pathIn(options.action, language) }),
    [submit, language],
  );
}
