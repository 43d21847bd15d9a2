from flask import Blueprint, render_template

from .api_routes import example, page

blueprint = Blueprint("home", __name__)


@page(blueprint, "/", "The start page")
@example()
def index():
    return render_template("home.html")
