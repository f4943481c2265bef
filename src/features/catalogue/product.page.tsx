import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { productPageTitle } from '../../../shared/page-titles';
import { useIsSaved, usePageActor, useStoreInfo, useToggleSaved } from '../../app/app-actor';
import { useDocumentTitle } from '../../app/document-title';
import { useFirstAnswer } from '../../app/first-answer-context';
import { storeDisplayName } from '../../components/layout/store-display';
import { DeliveryCheck } from './product/delivery-check';
import { ProductView } from './product/product-view';
import { SimilarItemsSlot } from './product/similar-items-slot';
import { firstProduct, provideProductMachine } from './product.live';

/** /product/{id} (spec §2 Product detail). */
export default function ProductPage() {
  const { id = '' } = useParams();
  // A new id is a new product page: a fresh machine, so a stale product never shows.
  return <ProductScreen key={id} id={id} />;
}

function ProductScreen({ id }: { id: string }) {
  const navigate = useNavigate();
  // Landing here directly there is no previous page in the app: Back then goes to the catalogue.
  const firstEntry = useLocation().key === 'default';
  // The product the server rendered this page with, when this is that page (read once per screen).
  const answer = useFirstAnswer();
  const [first] = useState(() => firstProduct(id, answer()));
  const [state, send] = usePageActor('product', provideProductMachine, { id, first });
  const toggleSaved = useToggleSaved();
  const saved = useIsSaved(id);
  const siteName = storeDisplayName(useStoreInfo());
  const loaded = state.context.product;
  // The product's name once the machine has it (the server's title until then); the store's for none.
  useDocumentTitle(
    loaded ? productPageTitle(loaded.name, siteName) : state.matches('notFound') ? siteName : null,
  );

  return (
    <ProductView
      state={state}
      send={send}
      onBack={() => (firstEntry ? navigate('/products') : navigate(-1))}
      saved={saved}
      onToggleWishlist={toggleSaved}
      delivery={<DeliveryCheck />}
      similar={
        loaded ? (
          <SimilarItemsSlot
            id={loaded.id}
            category={loaded.category}
            parentCategory={loaded.parentCategory}
          />
        ) : null
      }
    />
  );
}
