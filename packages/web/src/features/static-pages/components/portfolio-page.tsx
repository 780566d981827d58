import { useDocumentTitle } from '../../../lib/use-document-title';

const skills = [
  'TypeScript',
  'React',
  'Node.js',
  'PostgreSQL',
  'Fastify',
  'Playwright',
  'Embedded C',
  'Supply-chain systems',
];

const projects = [
  {
    name: 'Kestrel bulk storefront',
    text: 'The ordering site you are using: minimum order quantities, stock reservation and card payments in one process.',
  },
  {
    name: 'Line-side test rig dashboard',
    text: 'Live burn-in results from the factory floor, so a failing batch is stopped before it is packed.',
  },
  {
    name: 'Pallet tracking service',
    text: 'Scans at every warehouse gate feed one timeline per shipment that customers can follow.',
  },
];

export function PortfolioPage() {
  useDocumentTitle('My Portfolio');
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <article className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-6">
          <header className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
            <span
              aria-hidden="true"
              className="flex size-20 items-center justify-center rounded-full bg-primary text-2xl font-bold text-primary-content"
            >
              MV
            </span>
            <div>
              <h1 className="text-3xl font-semibold">Mara Voss</h1>
              <p className="text-lg">Head of Engineering, Kestrel Components</p>
              <p className="text-sm">Based in Tampere, Finland</p>
            </div>
          </header>
          <section aria-labelledby="about-mara">
            <h2 id="about-mara" className="text-xl font-semibold">
              About
            </h2>
            <p className="mt-2 leading-relaxed">
              Mara joined Kestrel as a firmware developer on our power-delivery boards and now leads the team that
              builds our factory software and this storefront. She cares about software that a purchasing clerk can use
              on a slow connection and that an auditor can trust.
            </p>
          </section>
          <section aria-labelledby="skills-title">
            <h2 id="skills-title" className="text-xl font-semibold">
              Skills
            </h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {skills.map((skill) => (
                <li key={skill} className="badge badge-outline badge-lg">
                  {skill}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="projects-title">
            <h2 id="projects-title" className="text-xl font-semibold">
              Selected projects
            </h2>
            <ul className="mt-2 space-y-3">
              {projects.map((project) => (
                <li key={project.name}>
                  <h3 className="font-semibold">{project.name}</h3>
                  <p className="text-sm leading-relaxed">{project.text}</p>
                </li>
              ))}
            </ul>
          </section>
          <p className="text-sm">Education: MSc in Electrical Engineering, Tampere University of Technology.</p>
        </div>
      </article>
    </div>
  );
}
