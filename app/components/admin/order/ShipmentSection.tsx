import { adminStyles } from "~/components/admin/ui";
import { Section } from "./Section";
import type { OrderDetail } from "./types";

/** "Shipment": courier, AWB number and tracking link once the order has shipped, else "Not shipped yet." */
export function ShipmentSection({ shipment }: { shipment: OrderDetail["shipment"] }) {
  return (
    <Section id="shipment-heading" title="Shipment">
      {shipment ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="font-medium">Courier</dt>
          <dd>{shipment.courier}</dd>
          <dt className="font-medium">AWB</dt>
          <dd className="font-mono">{shipment.awbNumber}</dd>
          {shipment.trackingUrl && (
            <>
              <dt className="font-medium">Tracking</dt>
              <dd className="break-all">
                <a href={shipment.trackingUrl} className={adminStyles.link} rel="noreferrer noopener" target="_blank">
                  {shipment.trackingUrl}
                </a>
              </dd>
            </>
          )}
        </dl>
      ) : (
        <p>Not shipped yet.</p>
      )}
    </Section>
  );
}
