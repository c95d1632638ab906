import type { ProductJsonInput } from "~/schemas/product";

/**
 * The demo catalogue in the listproduct JSON shape (SPEC.md §3), deterministic.
 * PLACEHOLDER: to be replaced by the full generator.
 */
export function generateDemoCatalogue(count = 120): ProductJsonInput[] {
  const brands = ["Rolex", "Casio", "Seiko", "Fossil", "Rado", "PatekPhilippe", "Cartier", "Tissot"];
  const categories = ["Men", "Women", "Couple"] as const;
  return Array.from({ length: count }, (_, i) => ({
    _id: `w${String(i + 1).padStart(5, "0")}`,
    name: `${brands[i % 8]} Watch ${i + 1}`,
    image: [`/images/demo/w${i + 1}-1.svg`],
    price: 1000 + ((i * 977) % 9000),
    discount: 1500 + ((i * 977) % 9000),
    category: categories[i % 3],
    subCategory: brands[i % 8],
    description: "A watch.",
    features: ["Water resistant"],
    movement: "Quartz",
    colours: i % 4 === 0 ? ["Black", "Silver"] : [],
    bestseller: i % 7 === 0,
    sold: (i * 37) % 500,
    createdAt: Date.UTC(2025, 10, 1) + i * 86_400_000 * 3,
  }));
}
