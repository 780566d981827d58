// "Reset your password": a single-use link, valid for a short time (B2B §7).
import { button, htmlDocument, linkLine, paragraph, textDocument, type RenderedMail, type Site } from './layout.js';

export interface PasswordResetMail {
  name: string;
  token: string;
  validMinutes: number;
}

export const passwordResetSubject = (site: Site): string => `Reset your ${site.name} password`;

export function passwordReset(site: Site, m: PasswordResetMail): RenderedMail {
  const subject = passwordResetSubject(site);
  const link = `${site.publicUrl}/reset-password/${encodeURIComponent(m.token)}`;
  const said = `Someone asked to reset the password of your account. The link works once, within ${m.validMinutes} minutes.`;
  const ignore = 'If it was not you, ignore this message: your password stays as it is.';
  const footer = `You receive this because a password reset was requested for this address at ${site.name}.`;
  return {
    subject,
    text: textDocument(site, [`Hello ${m.name},`, said, `Choose a new password: ${link}`, ignore], footer),
    html: htmlDocument(
      site,
      subject,
      `The link works once, within ${m.validMinutes} minutes.`,
      [
        paragraph(`Hello ${m.name},`),
        paragraph(said),
        button('Choose a new password', link),
        linkLine('Or open this address:', link),
        paragraph(ignore),
      ],
      footer,
    ),
  };
}
