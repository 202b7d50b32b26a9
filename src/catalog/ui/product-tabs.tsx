import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { useLocation } from 'react-router';
import { catalogMessages } from '../../platform/messages/catalog.ts';
import { carryFields, restoreFields, type CarriedFields } from '../../ui/carried-fields.ts';
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

/** After the tab has been shown: the element the fragment names, brought into view. */
function revealFragment(hash: string): void {
  let id = hash.replace(/^#/, '');
  try {
    id = decodeURIComponent(id);
  } catch {
    return;
  }
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
 * Before hydration (and without JavaScript): every tab's content in its own section under a
 * list of links to them, nothing hidden. Each section carries its fragment's id.
 */
function TabSections({
  tabs,
  onReplaced,
}: {
  tabs: ProductTab[];
  /** Called as the sections leave the page, their fields still as the shopper left them. */
  onReplaced: (carried: CarriedFields) => void;
}) {
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = root.current;
    return () => {
      if (element) onReplaced(carryFields(element));
    };
  }, [onReplaced]);
  return (
    <div className="product-tabs" ref={root}>
      <nav className="product-tablist" aria-label={catalogMessages.productTabs}>
        <ul>
          {tabs.map((tab) => (
            <li key={tab.id}>
              <a className="product-tab" href={`#${tabPanelIds[tab.id]}`}>
                {tab.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {tabs.map((tab) => (
        <section key={tab.id} id={tabPanelIds[tab.id]} className="product-tab-panel">
          {tab.content}
        </section>
      ))}
    </div>
  );
}

/**
 * The product page's tabs (CONTRACT §1): description, additional information, reviews. Plain
 * sections on the server; once hydrated, React Aria tabs opened as the URL says (seed 000 §2),
 * and again whenever the fragment changes (a `#reviews` link, a posted review's `#comment-N`).
 * Every panel stays mounted (the unselected ones inert and hidden), so a half-written review
 * survives a look at the description and the fragments' elements always exist.
 */
export function ProductTabs({ tabs }: { tabs: ProductTab[] }) {
  const location = useLocation();
  const [selected, setSelected] = useState<ProductTabId | null>(null);
  const available = tabs.map((tab) => tab.id);
  const key = available.join(' ');
  // What the shopper typed in the sections (a review begun before the page's JavaScript came),
  // handed from the sections' last moment to the panels' first.
  const carried = useRef<CarriedFields | null>(null);
  const keepCarried = useCallback((fields: CarriedFields) => {
    carried.current = fields;
  }, []);
  const restoreInto = useCallback((panel: HTMLDivElement | null) => {
    if (panel && carried.current) carried.current = restoreFields(panel, carried.current);
  }, []);

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

  if (selected === null) return <TabSections tabs={tabs} onReplaced={keepCarried} />;
  return (
    <Tabs
      className="product-tabs"
      selectedKey={selected}
      onSelectionChange={(id: Key) => setSelected(id as ProductTabId)}
    >
      <TabList className="product-tablist" aria-label={catalogMessages.productTabs}>
        {tabs.map((tab) => (
          <Tab key={tab.id} id={tab.id} className="product-tab">
            {tab.title}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} className="product-tab-panel" shouldForceMount>
          <div id={tabPanelIds[tab.id]} ref={restoreInto}>
            {tab.content}
          </div>
        </TabPanel>
      ))}
    </Tabs>
  );
}
