import { render } from "@testing-library/react";
import { RouterProvider, createMemoryRouter, useParams } from "react-router-dom";
import CheckoutPage from "../features/checkout/CheckoutPage";

function Success() {
  return <p>Заказ {useParams().orderNumber} принят</p>;
}

/** The checkout page in a router, with the pages it leads to: the order's success page and the catalogue. */
export function renderCheckout() {
  const router = createMemoryRouter(
    [
      { path: "/checkout", Component: CheckoutPage },
      { path: "/order-success/:orderNumber", Component: Success },
      { path: "/", element: <p>Каталог</p> },
    ],
    { initialEntries: ["/checkout"] },
  );
  const { unmount } = render(<RouterProvider router={router} />);
  return { router, unmount };
}
