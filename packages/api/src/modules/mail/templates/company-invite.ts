// "Join {company}": a company owner's invite (B2B §5), a single-use link valid for INVITE_DAYS days.
import { button, htmlDocument, linkLine, paragraph, textDocument, type RenderedMail, type Site } from './layout.js';

export interface CompanyInviteMail {
  companyName: string;
  inviterName: string;
  role: string;
  token: string;
  validDays: number;
}

export const companyInviteSubject = (site: Site, m: Pick<CompanyInviteMail, 'companyName'>): string =>
  `Join ${m.companyName} at ${site.name}`;

export function companyInvite(site: Site, m: CompanyInviteMail): RenderedMail {
  const subject = companyInviteSubject(site, m);
  const link = `${site.publicUrl}/invite/${encodeURIComponent(m.token)}`;
  const said = `${m.inviterName} invites you to buy for ${m.companyName} as ${m.role}. The link works once, within ${m.validDays} days, for this e-mail address.`;
  const how = 'Sign in (or create an account) with this e-mail address, then accept the invite.';
  const footer = `You receive this because a member of ${m.companyName} invited this address at ${site.name}.`;
  return {
    subject,
    text: textDocument(site, ['Hello,', said, how, `Accept the invite: ${link}`], footer),
    html: htmlDocument(
      site,
      subject,
      `The link works once, within ${m.validDays} days.`,
      [
        paragraph('Hello,'),
        paragraph(said),
        paragraph(how),
        button('Accept the invite', link),
        linkLine('Or open this address:', link),
      ],
      footer,
    ),
  };
}
