"""Tricks and the Phantom (トリックと怪人): the culprit, the pointing, the Phantom, every variant."""
