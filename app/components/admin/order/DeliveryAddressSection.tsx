import { Section } from "./Section";
import type { OrderDetail } from "./types";

/** "Delivery address": the address the order ships to, with the phone and email on it. */
export function DeliveryAddressSection({ address }: { address: OrderDetail["order"]["address"] }) {
  return (
    <Section id="address-heading" title="Delivery address">
      <address className="not-italic">
        {address.firstName} {address.lastName}
        <br />
        {address.street}
        <br />
        {address.city}, {address.state} {address.zipcode}
        <br />
        {address.country}
        <br />
        {address.phone} · {address.email}
      </address>
    </Section>
  );
}
