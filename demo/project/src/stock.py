# stock.py: stock level helpers
def restock(item, qty):
    # TODO: validate qty
    return {"item": item, "qty": qty}

def low_stock(items, limit=5):
    # TODO: make the limit configurable
    return [i for i in items if i["qty"] < limit]
