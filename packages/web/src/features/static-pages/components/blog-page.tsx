import { useDocumentTitle } from '../../../lib/use-document-title';

const posts = [
  {
    question: 'Why keep server state in a query cache instead of a global store?',
    answer:
      'Data that lives on a server is only borrowed by the browser: it can go stale, fail to load or change under you. A query cache such as TanStack Query treats it that way, with loading and error states, retries and expiry built in, while a global store is better kept for state the page itself owns, such as an open menu.',
  },
  {
    question: 'What does a bearer token protect, and what does it not?',
    answer:
      'A bearer token proves to the server that a request comes from a signed-in session, so whoever holds it is trusted. It does not stop a script running in the page from reading it, which is why a strict Content-Security-Policy, short lifetimes and server-side revocation on sign-out matter as much as the token itself.',
  },
  {
    question: 'Why split a single-page app into lazily loaded parts?',
    answer:
      'A visitor reading the home page should not download the admin screens. Loading each route on demand keeps the first page small and fast on a phone; the cost is a short wait when a new part is opened, which a spinner and a retry button make honest.',
  },
  {
    question: 'How should prices be stored?',
    answer:
      'As whole numbers of the smallest currency unit, such as cents. Binary floating point cannot represent most decimal fractions exactly, so adding 0.1 and 0.2 does not give 0.3; integer cents add up exactly and are converted to dollars only for display.',
  },
  {
    question: 'What makes a web form accessible?',
    answer:
      'Every field has a visible label tied to it, errors are written in words next to the field and announced, the whole form works with the keyboard alone, focus is always visible, and colours keep enough contrast to be read in daylight on a cheap screen.',
  },
];

export function BlogPage() {
  useDocumentTitle('Blogs');
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-semibold">Blogs</h1>
      <p className="mt-2">Short answers from our engineering team to questions we hear about building for the web.</p>
      <div className="mt-8 space-y-6">
        {posts.map((post) => (
          <article key={post.question} className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
            <h2 className="text-xl font-semibold">{post.question}</h2>
            <p className="mt-3 leading-relaxed">{post.answer}</p>
          </article>
        ))}
      </div>
    </div>
  );
}
