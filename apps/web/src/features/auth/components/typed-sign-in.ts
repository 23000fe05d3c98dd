import { SUBMIT_REQUESTED } from '../../../sign-in-marks.ts';
/**
 * The sign-in form drawn at build time (decision 0052) is on screen before the page's script runs,
 * so a user may type into it. When the live page is drawn over it, the form starts from what was
 * typed there, and the caret goes back where it was.
 */
export type TypedSignIn = {
  email: string;
  password: string;
  remember: boolean;
  /** the field that had the focus (its autocomplete name), if the user typed anything */
  focus: 'username' | 'current-password' | null;
  selection: { start: number; end: number } | null;
  /** Sign in was pressed (sign-in-main.ts marks the form): the live form signs in once drawn */
  submit: boolean;
};

let typed: TypedSignIn | null = null;
let submitTaken = false;

const field = (root: ParentNode, autocomplete: string) => root.querySelector<HTMLInputElement>(`input[autocomplete="${autocomplete}"]`);

/** Reads the prerendered form in `root`: call it before the live page is drawn over it. */
export function keepTypedSignIn(root: HTMLElement): void {
  const email = field(root, 'username');
  const password = field(root, 'current-password');
  if (!email || !password) return;
  submitTaken = false;
  const remember = root.querySelector<HTMLInputElement>('input[type="checkbox"]')?.checked === true;
  const active = document.activeElement;
  const focused = active === email ? email : active === password ? password : null;
  const touched = email.value !== '' || password.value !== '' || remember;
  let selection: TypedSignIn['selection'] = null;
  try {
    // an email field has no selection to read (it throws or gives null)
    if (focused?.selectionStart != null && focused.selectionEnd != null)
      selection = { start: focused.selectionStart, end: focused.selectionEnd };
  } catch {
    selection = null;
  }
  typed = {
    email: email.value,
    password: password.value,
    remember,
    focus: touched && focused ? (focused === email ? 'username' : 'current-password') : null,
    selection,
    submit: root.querySelector('form')?.hasAttribute(SUBMIT_REQUESTED) === true,
  };
}

/** Whether Sign in was pressed on the prerendered form: true once, for the live form to sign in. */
export function takeTypedSubmit(): boolean {
  if (!typed?.submit || submitTaken) return false;
  submitTaken = true;
  return true;
}

/** What was typed into the prerendered form, if the page had one. */
export function typedSignIn(): TypedSignIn | null {
  return typed;
}

/** Once the live form is drawn: the focus and caret back where the user left them (if they typed). */
export function restoreTypedFocus(root: HTMLElement): void {
  if (!typed?.focus) return;
  const input = field(root, typed.focus);
  if (!input) return;
  input.focus();
  try {
    if (typed.selection) input.setSelectionRange(typed.selection.start, typed.selection.end);
  } catch {
    // an email field takes no selection: the caret stays at the end
  }
}
