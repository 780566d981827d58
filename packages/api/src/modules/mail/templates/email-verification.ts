// "Confirm your e-mail address", sent at sign-up (B2B §7).
import { button, htmlDocument, linkLine, paragraph, textDocument, type RenderedMail, type Site } from './layout.js';

export interface EmailVerificationMail {
  name: string;
  token: string;
}

export const emailVerificationSubject = (site: Site): string => `Confirm your e-mail address for ${site.name}`;

export function emailVerification(site: Site, m: EmailVerificationMail): RenderedMail {
  const subject = emailVerificationSubject(site);
  const link = `${site.publicUrl}/verify-email/${encodeURIComponent(m.token)}`;
  const said = `Welcome to ${site.name}. Please confirm that this address is yours.`;
  const ignore = 'If you did not sign up, ignore this message and no account will use this address.';
  const footer = `You receive this because this address was used to sign up at ${site.name}.`;
  return {
    subject,
    text: textDocument(site, [`Hello ${m.name},`, said, `Confirm it: ${link}`, ignore], footer),
    html: htmlDocument(
      site,
      subject,
      'One click confirms your address.',
      [
        paragraph(`Hello ${m.name},`),
        paragraph(said),
        button('Confirm my address', link),
        linkLine('Or open this address:', link),
        paragraph(ignore),
      ],
      footer,
    ),
  };
}
