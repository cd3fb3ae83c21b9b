# report.py: prints a stock report
from stock import low_stock

def report(items):
    for i in low_stock(items):
        print(f"LOW {i['item']} {i['qty']}")
