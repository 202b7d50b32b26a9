import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { catalogMessages } from '../../platform/messages/catalog.ts';
import { SectionTabs, type SectionTabsClasses } from '../../ui/section-tabs.tsx';
import { fragmentId } from '../../ui/url-fragment.ts';
import {
  initialTab,
  tabForLocation,
  tabHolding,
  tabPanelIds,
  type ProductTabId,
} from './product-tab-rule.ts';

export interface ProductTab {
  id: ProductTabId;
  title: string;
  content: ReactNode;
}

const classes: SectionTabsClasses = {
  root: 'product-tabs',
  list: 'product-tablist',
  tab: 'product-tab',
  panel: 'product-tab-panel',
};

/** After the tab has been shown: the element the fragment names, brought into view. */
function revealFragment(hash: string): void {
  const id = fragmentId(hash);
  if (!id) return;
  requestAnimationFrame(() => {
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    // A review arrived at (#comment-12) takes focus, so a screen reader reads it.
    if (target.tabIndex === -1) target.focus({ preventScroll: true });
  });
}

/**
 * The product page's tabs (CONTRACT §1): description, additional information, reviews. Plain
 * sections on the server; once hydrated, React Aria tabs opened as the URL says (seed 000 §2),
 * and again whenever the fragment changes (a `#reviews` link, a posted review's `#comment-N`).
 * The sections stay the panels (the unselected ones hidden), so becoming tabs only changes their
 * attributes and a look at the description keeps a half-written review.
 */
export function ProductTabs({ tabs }: { tabs: ProductTab[] }) {
  const location = useLocation();
  const [selected, setSelected] = useState<ProductTabId | null>(null);
  const available = tabs.map((tab) => tab.id);
  const key = available.join(' ');

  useEffect(() => {
    const ids = key.split(' ') as ProductTabId[];
    const where = { hash: window.location.hash, search: window.location.search };
    // A transition: the sections become tabs in slices of work, not one long task.
    startTransition(() =>
      setSelected((current) => {
        // A shopper already writing in a section keeps it in view: its tab opens.
        if (current === null)
          return tabHolding(document.activeElement, ids) ?? initialTab(where, ids);
        return tabForLocation(where, ids) ?? current;
      }),
    );
    if (where.hash) revealFragment(where.hash);
  }, [key, location.hash, location.search, location.key]);

  useEffect(() => {
    const onHashChange = () => {
      const ids = key.split(' ') as ProductTabId[];
      const where = { hash: window.location.hash, search: window.location.search };
      const tab = tabForLocation(where, ids);
      if (tab) setSelected(tab);
      revealFragment(where.hash);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [key]);

  return (
    <SectionTabs
      label={catalogMessages.productTabs}
      sections={tabs.map((tab) => ({
        key: tab.id,
        title: tab.title,
        anchorId: tabPanelIds[tab.id],
        content: tab.content,
      }))}
      selected={selected}
      onSelect={setSelected}
      classes={classes}
    />
  );
}
