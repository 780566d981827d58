export function HomeBanner() {
  return (
    <section aria-labelledby="banner-title" className="bg-primary text-primary-content">
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-16 md:grid-cols-[3fr_2fr] md:py-24">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest">Kestrel Components</p>
          <h1 id="banner-title" className="mt-3 text-4xl font-bold leading-tight md:text-5xl">
            Precision computer parts, built for your production line
          </h1>
          <p className="mt-4 max-w-xl text-lg">
            Motherboards, memory, storage and power delivered by the thousand, tested before they leave our factory.
          </p>
          <a href="#latest-products" className="btn btn-lg mt-8 border-0 bg-base-100 text-primary hover:bg-base-200">
            See the latest parts
          </a>
        </div>
        <svg viewBox="0 0 200 160" aria-hidden="true" className="mx-auto hidden w-full max-w-xs md:block">
          <rect x="20" y="20" width="160" height="120" rx="10" fill="none" stroke="currentColor" strokeWidth="4" />
          <rect x="70" y="55" width="60" height="50" rx="4" fill="currentColor" opacity=".9" />
          <path
            d="M40 40h20M40 60h20M40 80h20M40 100h20M40 120h20M140 40h20M140 60h20M140 80h20M140 100h20M140 120h20"
            stroke="currentColor"
            strokeWidth="4"
          />
        </svg>
      </div>
    </section>
  );
}

const stats = [
  { value: '24/7', label: 'support' },
  { value: '10000+', label: 'client satisfaction' },
  { value: '33k+', label: 'reviews' },
];

export function HomeStats() {
  return (
    <section aria-label="Kestrel in numbers" className="mx-auto -mt-8 max-w-6xl px-4">
      <ul className="grid gap-4 sm:grid-cols-3">
        {stats.map((stat) => (
          <li key={stat.label} className="rounded-box border border-base-300 bg-base-100 p-6 text-center shadow-sm">
            <p className="text-4xl font-bold text-primary">{stat.value}</p>
            <p className="mt-1 font-medium">{stat.label}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
