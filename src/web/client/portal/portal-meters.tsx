// The customer's standing on each meter: units consumed, credited by their benefits, and the balance left.
import type { CustomerCustomerMeter } from '../../../contracts/portal-meter';
import type { SectionProps } from './section-props';
import { ListSection } from './portal-list-section';
import { useLoad } from './use-load';

export function PortalMeters(props: SectionProps) {
  const { t, call, locale } = props;
  const meters = useLoad(() => call<{ items: CustomerCustomerMeter[] }>('GET', '/meters/?limit=100'));
  const items = meters.data?.items;
  const units = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return (
    <ListSection
      t={t}
      id="portal-meters"
      heading={t('portal.meters.heading')}
      empty={t('portal.meters.empty')}
      items={items}
      loaded={meters}
    >
      {(items) => (
        <div class="portal-table-scroll">
          <table class="list">
            <caption class="visually-hidden">{t('portal.meters.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('portal.meters.meter')}</th>
                <th scope="col" class="amount">
                  {t('portal.meters.consumed')}
                </th>
                <th scope="col" class="amount">
                  {t('portal.meters.credited')}
                </th>
                <th scope="col" class="amount">
                  {t('portal.meters.balance')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((meter) => (
                <tr key={meter.id}>
                  <th scope="row">{meter.meter.name}</th>
                  <td class="amount">{units.format(meter.consumed_units)}</td>
                  <td class="amount">{units.format(meter.credited_units)}</td>
                  <td class="amount">{units.format(meter.balance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListSection>
  );
}
