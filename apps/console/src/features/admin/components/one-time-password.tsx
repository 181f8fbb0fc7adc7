/** Shows a generated one-time password once: the server never answers it again. */
export function OneTimePassword({ email, password }: { email: string; password: string }) {
  return (
    <p role="status" className="one-time-password">
      One-time password for {email}: <code className="otp">{password}</code> (shown only now;{" "}
      {email} must change it at first sign-in)
    </p>
  );
}
