export function ShippingSection() {
  return (
    <section aria-labelledby="shipping-title" className="bg-base-100">
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-14 md:grid-cols-2">
        <div>
          <h2 id="shipping-title" className="text-3xl font-semibold">
            Free worldwide shipping
          </h2>
          <p className="mt-3 leading-relaxed">
            Every order ships free of charge, wherever your plant is. Parts leave our warehouse on sealed pallets with
            tracking, customs paperwork and insurance included, so the price you see per unit is the price you pay.
          </p>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2">
          {['Tracked door-to-door', 'Customs papers prepared', 'Insured in transit', 'Anti-static packing'].map(
            (item) => (
              <li key={item} className="rounded-box border border-base-300 p-4 font-medium">
                {item}
              </li>
            ),
          )}
        </ul>
      </div>
    </section>
  );
}

export function AboutSection() {
  return (
    <section aria-labelledby="about-title" className="mx-auto max-w-6xl px-4 py-14">
      <h2 id="about-title" className="text-center text-3xl font-semibold">
        About us and your security
      </h2>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        <article className="rounded-box border border-base-300 bg-base-100 p-6">
          <h3 className="text-lg font-semibold">Made in our own plant</h3>
          <p className="mt-2 text-sm leading-relaxed">
            We design and assemble every part we sell, and each batch is burn-in tested before it is packed.
          </p>
        </article>
        <article className="rounded-box border border-base-300 bg-base-100 p-6">
          <h3 className="text-lg font-semibold">Secure ordering</h3>
          <p className="mt-2 text-sm leading-relaxed">
            Accounts are protected with hashed passwords and signed sessions; card details go straight to the payment
            processor and never touch our servers.
          </p>
        </article>
        <article className="rounded-box border border-base-300 bg-base-100 p-6">
          <h3 className="text-lg font-semibold">Traceable batches</h3>
          <p className="mt-2 text-sm leading-relaxed">
            Every order records what was shipped and paid, so your purchasing team can audit each delivery.
          </p>
        </article>
      </div>
    </section>
  );
}
