import { signOutAction, signOutLanding } from '../request';

/**
 * Sign-out as a form POST (a GET cannot sign anyone out, so a link or image elsewhere cannot either).
 * The server clears the session cookies and answers 303 to the storefront home.
 */
export function SignOutForm({ class: className, label }: { class: string; label: string }) {
  return (
    <form class={className} method="post" action={signOutAction()}>
      <input type="hidden" name="redirectUrl" value={signOutLanding()} />
      <button type="submit" class="sign-out-button">
        {label}
      </button>
    </form>
  );
}
