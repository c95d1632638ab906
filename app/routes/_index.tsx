import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getCatalogue } from "~/backend/index.server";

/** PLACEHOLDER home. */
export async function loader() {
  const { products } = await getCatalogue();
  return json({ names: products.slice(0, 10).map((p) => p.name) });
}

export default function Home() {
  const { names } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1>Discover Our Latest Arrivals</h1>
      <ul>{names.map((n) => <li key={n}>{n}</li>)}</ul>
      <Link to="/collection">SHOP NOW</Link>
    </div>
  );
}
